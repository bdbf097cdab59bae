import type { Packed } from '../../routing/packed-data.ts';
import { unpack } from '../../routing/packed-data.ts';
import { useShellData } from '../../shell/use-shell-data.ts';
import { ComparePlaceBox } from './compare-place-box.tsx';
import type { loadComparePage } from './load-compare-page.server.ts';

type PageData = Awaited<ReturnType<typeof loadComparePage>>['page'] extends Packed<infer T> ? T : never;

/** The compare page (issue 44 point 4): the offers as columns, one row per fact, printable. */
export function ComparePage({ loaderData }: { loaderData: { page: Packed<PageData> } }) {
  const page = unpack(loaderData.page);
  const shell = useShellData();
  return (
    <div className="container page compare-page">
      <div className="compare-heading">
        <h1>{page.heading}</h1>
        {page.columns.length >= 2 && (
          <button
            type="button"
            className="button compare-print"
            onClick={() => window.print()}
            data-testid="compare-print"
          >
            {page.texts.print}
          </button>
        )}
      </div>
      {page.missing && (
        <p className="notice" role="status">
          {page.missing}
        </p>
      )}
      {page.empty ? (
        <p className="notice" data-testid="compare-empty">
          {page.empty}
        </p>
      ) : (
        <>
          <ComparePlaceBox form={page.form} locale={page.locale} apiUrl={shell?.publicConfig.apiUrl ?? ''} />
          {page.placeNotFound && (
            <p className="notice" role="alert" data-testid="compare-place-not-found">
              {page.placeNotFound}
            </p>
          )}
          <div className="compare-table-wrap">
            <table className="compare-table" data-testid="compare-table">
              <thead>
                <tr>
                  <td />
                  {page.columns.map((column) => (
                    <th key={column.id} scope="col">
                      {column.photo && (
                        <img src={column.photo} alt="" width={160} height={120} loading="lazy" />
                      )}
                      <a href={column.href}>{column.title}</a>
                      <form method="post" action={page.action} className="compare-remove">
                        <input type="hidden" name="back" value={column.removeBack ?? page.back} />
                        <button
                          type="submit"
                          name="intent"
                          value={`uncompare:${column.id}`}
                          className="offer-action"
                        >
                          {page.texts.remove}
                        </button>
                      </form>
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {page.rows.map((row) => (
                  <tr key={row.key} data-row={row.key}>
                    <th scope="row">{row.label}</th>
                    {page.columns.map((column) => (
                      <td key={column.id}>{column.cells[row.key]}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </div>
  );
}
