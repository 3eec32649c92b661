/** A person's skills as chips; nothing when they named none. `className` places the list. */
export function SkillList({ skills, className }: { skills: string[]; className: string }) {
  if (skills.length === 0) return null;
  return (
    <ul className={`flex flex-wrap gap-1.5 ${className}`} aria-label="Skills">
      {skills.map((skill) => (
        <li
          key={skill}
          className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-medium break-all text-slate-700 dark:bg-slate-800 dark:text-slate-200"
        >
          {skill}
        </li>
      ))}
    </ul>
  );
}
