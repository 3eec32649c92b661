/** The home page's fixed sample content (specification, section 1: not loaded from a server). */

export const BANNER_SLIDES = [
  {
    title: "Get your tasks done by skilled freelancers",
    subtitle: "Post what you need, set your budget and deadline, and receive bids within hours.",
    image: "/images/banner-1.svg",
  },
  {
    title: "Find work that fits your skills",
    subtitle: "Browse hundreds of small tasks in development, design, writing and marketing.",
    image: "/images/banner-2.svg",
  },
  {
    title: "Fair prices, clear deadlines",
    subtitle: "Every task states its budget in dollars and its deadline up front. No surprises.",
    image: "/images/banner-3.svg",
  },
] as const;

export const BANNER_AUTOPLAY_MS = 4000;
export const BANNER_TRANSITION_MS = 800;

export const FALLBACK_FEATURED_TASKS = [
  {
    _id: "sample-1",
    title: "Design a logo for a local coffee shop",
    category: "Design",
    budget: 150,
    deadline: "2025-12-31",
  },
  {
    _id: "sample-2",
    title: "Write five product descriptions",
    category: "Writing",
    budget: 80,
    deadline: "2025-12-31",
  },
  {
    _id: "sample-3",
    title: "Fix a responsive layout bug",
    category: "Web Development",
    budget: 120,
    deadline: "2025-12-31",
  },
] as const;
