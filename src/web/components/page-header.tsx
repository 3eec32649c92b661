import type { ReactNode } from "react";

export function PageHeader({ title, intro, children }: { title: string; intro?: ReactNode; children?: ReactNode }) {
  return (
    <div className="mb-8 flex flex-wrap items-end justify-between gap-4">
      {/* A title or intro may hold what people wrote (a name, a task's title). */}
      <div className="min-w-0 break-words">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">{title}</h1>
        {intro && <p className="muted mt-2 max-w-2xl">{intro}</p>}
      </div>
      {children}
    </div>
  );
}
