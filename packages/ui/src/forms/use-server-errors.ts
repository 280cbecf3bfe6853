import { useCallback, useState } from 'react';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { readServerErrors, type FormAlert } from './server-errors';

/**
 * A form's errors state (SPEC §4 Forms): `show(error)` puts server field errors under the
 * fields and focuses the first; `clear()` runs on submit and on input.
 */
export function useServerErrors<Values extends FieldValues>(
  setError: UseFormSetError<Values>,
  shown: readonly Path<Values>[],
) {
  const [alert, setAlert] = useState<FormAlert | null>(null);
  const show = useCallback(
    (error: unknown) => {
      const { fields, alert: next } = readServerErrors(error, shown);
      fields.forEach(({ name, message }, index) =>
        setError(name, { type: 'server', message }, { shouldFocus: index === 0 }),
      );
      setAlert(next);
    },
    // `shown` is a constant list per form.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [setError],
  );
  const clear = useCallback(() => setAlert(null), []);
  return { alert, show, clear };
}
