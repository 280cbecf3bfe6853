import { Alert } from 'antd';
import type { FormAlert } from './server-errors';

/** The alert above a form: non-field errors, hidden-field errors, other failures. */
function FormAlertView({ alert }: { alert: FormAlert | null }) {
  if (!alert) return null;
  const description =
    alert.items && alert.items.length > 0 ? (
      <ul style={{ margin: 0, paddingInlineStart: 20 }}>
        {alert.items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    ) : (
      alert.description
    );
  return (
    <Alert
      type="error"
      showIcon
      role="alert"
      title={alert.title}
      description={description}
      style={{ marginBottom: 16 }}
    />
  );
}

export default FormAlertView;
