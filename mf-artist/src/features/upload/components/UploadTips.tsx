import { Alert } from 'antd';
import { usePreferencesStore } from '@atelier/session';
import { UPLOAD_MAX_PIXELS } from '@atelier/contracts';

/** Tips for a first upload; closing them is remembered (SPEC §3 artistUploadTips). */
export function UploadTips() {
  const show = usePreferencesStore((s) => s.artistUploadTips);
  const setPreference = usePreferencesStore((s) => s.setPreference);
  if (!show) return null;
  return (
    <Alert
      type="info"
      showIcon
      closable={{
        onClose: () => setPreference('artistUploadTips', false),
        'aria-label': 'Hide tips',
      }}
      title="Tips for print masters"
      description={
        <ul style={{ margin: 0, paddingLeft: 18 }}>
          <li>
            Send the largest file you have: JPEG, PNG or TIFF, up to {UPLOAD_MAX_PIXELS / 1_000_000}{' '}
            megapixels.
          </li>
          <li>Each picture shows how large it prints at 300 dpi once it has arrived.</li>
          <li>A dropped connection is picked up where it stopped; keep this page open.</li>
        </ul>
      }
    />
  );
}
