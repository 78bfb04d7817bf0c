import { IMPORT_FIELDS, IMPORT_FIELD_LABELS, type ImportDetail, type ImportField } from '@callboard/contract/imports';
import { formatCount } from '@callboard/shared-ui/format';
import { previewText } from './preview-values';

/**
 * The columns the preview shows: the fields the mapping reads, and the connected flag when it comes from the
 * connected call length (the length itself is not stored).
 */
function shownFields(detail: ImportDetail): ImportField[] {
  const mapped = new Set(detail.mapping.map((e) => e.field));
  return IMPORT_FIELDS.filter((f) => f !== 'connectedDurationSec' && (mapped.has(f) || (f === 'connected' && mapped.has('connectedDurationSec'))));
}

/**
 * The first rows of the file as they will be stored, one line each with its line in the file. A row with a
 * problem is marked (and its cell, when the problem is one field's) and says why in its last column: it will be
 * rejected, and listed in the rejected rows' file after the import.
 */
export function PreviewTable({ detail }: { detail: ImportDetail }) {
  const rows = detail.preview ?? [];
  const fields = shownFields(detail);
  const refused = rows.filter((row) => row.problems.length > 0).length;
  if (rows.length === 0) return <p className="cb-muted">The file has no rows under its header.</p>;
  return (
    <>
      <p className="import-preview__summary" role="status">
        {refused === 0
          ? `The first ${formatCount(rows.length)} rows will all be stored.`
          : `${formatCount(rows.length - refused)} of the first ${formatCount(rows.length)} rows will be stored; ${formatCount(refused)} ${refused === 1 ? 'has a problem' : 'have problems'} and will be rejected.`}
      </p>
      <div className="import-scroll">
        <table className="import-table import-preview" aria-label="Preview">
          <thead>
            <tr>
              <th scope="col">Line</th>
              {fields.map((field) => (
                <th key={field} scope="col">
                  {IMPORT_FIELD_LABELS[field]}
                </th>
              ))}
              <th scope="col">Problems</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => {
              const wrong = new Set(row.problems.map((p) => p.field));
              return (
                <tr key={row.line} className={row.problems.length > 0 ? 'import-preview__row--problem' : undefined}>
                  <th scope="row" className="cb-num">
                    {row.line}
                  </th>
                  {fields.map((field) => (
                    <td key={field} className={wrong.has(field) ? 'import-preview__cell--problem' : undefined}>
                      {previewText(field, row.values[field])}
                      {wrong.has(field) ? <span className="cb-sr-only"> (problem)</span> : null}
                    </td>
                  ))}
                  <td className="import-preview__problems">
                    {row.problems.length === 0 ? (
                      <span className="cb-muted">None</span>
                    ) : (
                      <ul>
                        {row.problems.map((p) => (
                          <li key={`${p.field} ${p.message}`}>{p.column ? `${p.column}: ${p.message}` : p.message}</li>
                        ))}
                      </ul>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </>
  );
}
