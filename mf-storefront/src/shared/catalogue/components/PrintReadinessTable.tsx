import type { CSSProperties } from 'react';
import {
  FULL_QUALITY_DPI,
  printReadiness,
  readinessCell,
  VIEWING_DISTANCE_DPI,
  type PrintReadinessInput,
} from '@atelier/contracts';
import { PRINT_READINESS_TITLE } from './image-messages';

const cell: CSSProperties = {
  padding: '4px 8px',
  borderBottom: '1px solid #ece6dc',
  textAlign: 'left',
  whiteSpace: 'nowrap',
};
const headCell: CSSProperties = { ...cell, fontWeight: 600, color: '#5c544a' };

/**
 * Per substrate, the largest standard size the master file prints at 300 dpi (full quality)
 * and at 150 dpi (seen from a distance). A plain table: it reads row by row in a screen
 * reader and costs no component library code.
 */
export function PrintReadinessTable({ image }: { image: PrintReadinessInput }) {
  const rows = printReadiness(image);
  if (rows.length === 0) return null;
  return (
    <div style={{ overflowX: 'auto' }}>
      <table style={{ borderCollapse: 'collapse', fontSize: 13, minWidth: '100%' }}>
        <caption
          style={{ captionSide: 'top', textAlign: 'left', fontWeight: 600, padding: '4px 0' }}
        >
          {PRINT_READINESS_TITLE}
          <span style={{ fontWeight: 400, color: '#6f675c' }}> — largest size from this file</span>
        </caption>
        <thead>
          <tr>
            <th scope="col" style={headCell}>
              Substrate
            </th>
            <th scope="col" style={headCell}>
              {FULL_QUALITY_DPI} dpi
            </th>
            <th scope="col" style={headCell}>
              {VIEWING_DISTANCE_DPI} dpi
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.substrate}>
              <th scope="row" style={{ ...cell, fontWeight: 400, textTransform: 'capitalize' }}>
                {row.substrate}
              </th>
              <td style={cell}>{readinessCell(row.largest[FULL_QUALITY_DPI])}</td>
              <td style={cell}>{readinessCell(row.largest[VIEWING_DISTANCE_DPI])}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
