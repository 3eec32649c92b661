export function Spinner({ label = "Loading", className = "" }: { label?: string; className?: string }) {
  return (
    <div role="status" className={`flex items-center justify-center gap-3 py-16 ${className}`}>
      <span
        aria-hidden="true"
        className="size-8 animate-spin rounded-full border-4 border-indigo-200 border-t-indigo-700 dark:border-slate-700 dark:border-t-indigo-300"
      />
      <span className="sr-only">{label}</span>
    </div>
  );
}
