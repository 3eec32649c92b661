import { useEffect, useState } from "react";
import { ChevronLeftIcon, ChevronRightIcon } from "../../components/icons.tsx";
import { BANNER_AUTOPLAY_MS, BANNER_SLIDES, BANNER_TRANSITION_MS } from "./home-content.ts";

/**
 * The banner slider: one slide at a time, a new one every 4 s with an 800 ms change, looping, with
 * dots and arrows. It pauses while the pointer or keyboard focus is on it, so a reader is not rushed.
 */
export function Banner() {
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const count = BANNER_SLIDES.length;
  const go = (next: number) => setIndex(((next % count) + count) % count);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the timer restarts after every slide change
  useEffect(() => {
    if (paused) return;
    const timer = window.setTimeout(() => setIndex((current) => (current + 1) % count), BANNER_AUTOPLAY_MS);
    return () => window.clearTimeout(timer);
  }, [index, paused, count]);

  return (
    <section
      aria-roledescription="carousel"
      aria-label="Highlights"
      className="relative isolate h-[26rem] overflow-hidden bg-indigo-950 sm:h-[30rem]"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      {BANNER_SLIDES.map((slide, i) => {
        const active = i === index;
        return (
          // biome-ignore lint/a11y/useSemanticElements: the ARIA carousel pattern names each slide as a group
          <div
            key={slide.title}
            role="group"
            aria-roledescription="slide"
            aria-label={`${i + 1} of ${count}`}
            aria-hidden={!active}
            inert={!active}
            data-active={active}
            className={`absolute inset-0 transition-[opacity,transform] ease-in-out ${
              active ? "translate-x-0 opacity-100" : "translate-x-6 opacity-0"
            }`}
            style={{ transitionDuration: `${BANNER_TRANSITION_MS}ms` }}
          >
            <img
              src={slide.image}
              alt=""
              width={1200}
              height={500}
              // The first slide's art is the largest thing on a phone's first screen.
              fetchPriority={i === 0 ? "high" : "low"}
              className="absolute inset-0 -z-10 size-full object-cover"
            />
            <div className="absolute inset-0 -z-10 bg-gradient-to-r from-slate-950/85 via-slate-950/60 to-slate-950/10" />
            <div className="mx-auto flex h-full max-w-7xl flex-col justify-center px-14 sm:px-20">
              <h2 className="max-w-2xl text-3xl leading-tight font-extrabold text-white sm:text-5xl">{slide.title}</h2>
              <p className="mt-4 max-w-xl text-base text-slate-100 sm:text-lg">{slide.subtitle}</p>
              <div className="mt-8">
                {/* No action (specification, section 2: Home). */}
                <button type="button" className="btn bg-amber-400 px-6 py-3 text-slate-950 hover:bg-amber-300">
                  Learn More
                </button>
              </div>
            </div>
          </div>
        );
      })}
      <button
        type="button"
        onClick={() => go(index - 1)}
        aria-label="Previous slide"
        className="absolute top-1/2 left-2 grid size-10 -translate-y-1/2 place-items-center rounded-full bg-white/85 text-slate-900 hover:bg-white sm:left-4"
      >
        <ChevronLeftIcon aria-hidden="true" className="size-6" />
      </button>
      <button
        type="button"
        onClick={() => go(index + 1)}
        aria-label="Next slide"
        className="absolute top-1/2 right-2 grid size-10 -translate-y-1/2 place-items-center rounded-full bg-white/85 text-slate-900 hover:bg-white sm:right-4"
      >
        <ChevronRightIcon aria-hidden="true" className="size-6" />
      </button>
      <div className="absolute inset-x-0 bottom-5 flex justify-center gap-1">
        {BANNER_SLIDES.map((slide, i) => (
          <button
            key={slide.title}
            type="button"
            onClick={() => go(i)}
            aria-label={`Go to slide ${i + 1}`}
            aria-current={i === index ? "true" : undefined}
            className="grid size-6 place-items-center"
          >
            <span
              aria-hidden="true"
              className={`block h-2.5 rounded-full transition-all ${i === index ? "w-6 bg-amber-400" : "w-2.5 bg-white/80"}`}
            />
          </button>
        ))}
      </div>
    </section>
  );
}
