import type { PropertyGroupView } from './property-group-view.server.ts';

/**
 * Every offer of the same property (decision 068), cheapest first, with its seller and price,
 * rendered on the server with the page's other static parts: no script. Names and prices sit in
 * <bdi> so a right-to-left page keeps each whole.
 */
export function PropertyGroup({ group }: { group: PropertyGroupView }) {
  return (
    <section aria-labelledby="group-heading" className="property-group" data-testid="property-group">
      <h2 id="group-heading">{group.heading}</h2>
      <p>{group.note}</p>
      <ul className="property-group__list">
        {group.offers.map((item) => (
          <li key={item.id} data-testid="property-group-offer">
            {item.href ? <a href={item.href}>{<bdi>{item.seller}</bdi>}</a> : <bdi>{item.seller}</bdi>}:{' '}
            <bdi>{item.price}</bdi>
            {item.current && <> ({item.current})</>}
          </li>
        ))}
      </ul>
    </section>
  );
}
