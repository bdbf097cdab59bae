import './energy-label.css';

/** The classes of the scale, best first (the `energy_class` value set without `unknown`). */
export const ENERGY_LABEL_CLASSES = ['a', 'b', 'c', 'd', 'e', 'f', 'g'] as const;
export type EnergyLabelClass = (typeof ENERGY_LABEL_CLASSES)[number];

/** An offer's energy class ready to draw, with its text in the page's locale. */
export interface EnergyLabelView {
  energyClass: EnergyLabelClass;
  /** "Energy class C (scale A to G)": what the graphic says, for screen readers. */
  text: string;
}

/**
 * The energy label (PENB) as the EU draws it (issue 39 point 14): seven bars from dark green A
 * to red G, growing longer, the offer's class marked by a black arrow with its letter. HTML and
 * CSS only, rendered on the server (no script); the bars and the arrow are one picture for
 * screen readers, which read `text` instead. Logical properties mirror it in right-to-left
 * pages.
 */
export function EnergyLabel({ label }: { label: EnergyLabelView }) {
  return (
    <div className="energy-label" data-testid="energy-label" data-energy-class={label.energyClass}>
      <span className="visually-hidden">{label.text}</span>
      <ol className="energy-label__scale" aria-hidden="true">
        {ENERGY_LABEL_CLASSES.map((energyClass) => {
          const current = energyClass === label.energyClass;
          return (
            <li
              key={energyClass}
              className={`energy-label__row${current ? ' energy-label__row--current' : ''}`}
              data-current={current ? 'true' : undefined}
            >
              <span className={`energy-label__bar energy-label__bar--${energyClass}`}>
                {energyClass.toUpperCase()}
              </span>
              {current && <span className="energy-label__marker">{energyClass.toUpperCase()}</span>}
            </li>
          );
        })}
      </ol>
    </div>
  );
}
