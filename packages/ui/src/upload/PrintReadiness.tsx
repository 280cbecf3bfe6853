import type { CSSProperties } from 'react';
import { FULL_QUALITY_DPI, printReadiness, readinessCell, substratesFor } from '@atelier/contracts';

const cell: CSSProperties = { padding: '2px 12px 2px 0', textAlign: 'left', whiteSpace: 'nowrap' };

/** The tier only prices the sizes; which sizes exist depends on the ratio alone. */
const ANY_TIER = 2;

/**
 * Per substrate, the largest standard size this picture prints at 300 dpi (SPEC §5: physical
 * size uses 300 dpi), from the pixels the server found (EXIF orientation applied).
 */
function PrintReadiness({ width, height }: { width: number; height: number }) {
  const rows = printReadiness({
    max_width: width,
    max_height: height,
    price: ANY_TIER,
    substrates: substratesFor(width, height),
    substrate_sizes: [],
  });
  return (
    <table style={{ borderCollapse: 'collapse', fontSize: 13 }}>
      <caption
        style={{
          captionSide: 'top',
          textAlign: 'left',
          fontWeight: 600,
          padding: '4px 0',
          whiteSpace: 'nowrap',
        }}
      >
        Print-readiness: largest size at {FULL_QUALITY_DPI} dpi
      </caption>
      <tbody>
        {rows.map((row) => (
          <tr key={row.substrate}>
            <th scope="row" style={{ ...cell, fontWeight: 400, textTransform: 'capitalize' }}>
              {row.substrate}
            </th>
            <td style={cell}>{readinessCell(row.largest[FULL_QUALITY_DPI])}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export default PrintReadiness;
