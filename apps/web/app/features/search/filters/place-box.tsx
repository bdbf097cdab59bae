import { type ComponentProps, lazy, Suspense, useId } from 'react';

// The location box of home's search form and of the results page (location-box.tsx), whose code
// comes after the page's first load: the server renders the box whole, and in the browser its
// HTML stays as sent (a working text field) until the module has come, then hydrates. The box
// is the same on both pages, so one file serves both; in either page's first load it would be a
// file of its own, past the results page's 100 KB budget (issue 9).

const LocationBox = lazy(() =>
  import('./location-box.tsx').then((module) => ({ default: module.LocationBox })),
);

export function PlaceBox(props: ComponentProps<typeof LocationBox>) {
  const id = useId();
  return (
    <Suspense
      fallback={
        // Only seen when a page is opened inside the app before the module has come.
        <div className="location-box">
          <label htmlFor={id}>{props.texts['filter.location']}</label>
          <input
            id={id}
            type="search"
            name={props.name}
            placeholder={props.placeholder}
            defaultValue={props.initialQuery}
            autoComplete="off"
          />
        </div>
      }
    >
      <LocationBox {...props} />
    </Suspense>
  );
}
