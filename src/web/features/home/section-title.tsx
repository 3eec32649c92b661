export function SectionTitle({ id, title, intro }: { id: string; title: string; intro: string }) {
  return (
    <div className="mb-8">
      <h2 id={id} className="text-3xl font-bold tracking-tight">
        {title}
      </h2>
      <p className="muted mt-2">{intro}</p>
    </div>
  );
}
