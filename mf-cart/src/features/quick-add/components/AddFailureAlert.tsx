import { Alert } from 'antd';
import { addFailure } from '../model/add-failure';

/** SPEC §8 add or open failure: the server's detail, or its body. */
export function AddFailureAlert({ error, onClose }: { error: unknown; onClose(): void }) {
  const failure = addFailure(error);
  return (
    <Alert
      type="error"
      showIcon
      role="alert"
      title={failure.title}
      description={failure.description}
      closable={{ onClose, 'aria-label': 'Dismiss' }}
      style={{ marginBottom: 16 }}
    />
  );
}
