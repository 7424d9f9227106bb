/** Figures or facts as a list of terms and values: a finance example, a specification. */
export function FigureList({
  figures,
  className,
}: {
  figures: readonly (readonly [term: string, value: string | number])[];
  className: string;
}) {
  return (
    <dl className={className}>
      {figures.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
