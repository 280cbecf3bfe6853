import { useEffect, useRef } from 'react';
import { Alert, Button, Input } from 'antd';
import { Controller, useForm } from 'react-hook-form';
import { SUPPORT_MESSAGE_MAX_LENGTH } from '@atelier/contracts';
import { readServerErrors } from '@atelier/ui';
import { useSendMessage } from './conversation-api';

export const MESSAGE_LABEL = 'Your message';
export const MESSAGE_REQUIRED = 'Write a message first.';

interface Values {
  body: string;
}

/** The text box and Send: Enter sends, Shift+Enter starts a new line. */
export function ChatComposer() {
  const send = useSendMessage();
  const box = useRef<{ focus: () => void } | null>(null);
  useEffect(() => {
    // After the drawer has moved focus into itself: the box is where the visitor types.
    const timer = setTimeout(() => box.current?.focus(), 50);
    return () => clearTimeout(timer);
  }, []);
  const { control, handleSubmit, reset, setError, formState } = useForm<Values>({
    defaultValues: { body: '' },
  });
  const submit = handleSubmit(async ({ body }) => {
    try {
      await send.mutateAsync(body.trim());
      reset({ body: '' });
    } catch (error) {
      const { fields } = readServerErrors(error, ['body'] as const);
      for (const field of fields) setError(field.name, { message: field.message });
    }
  });
  const fieldError = formState.errors.body?.message;
  const alert = send.isError ? readServerErrors(send.error, ['body'] as const).alert : null;
  return (
    <form className="atelier-chat-form" onSubmit={(event) => void submit(event)} noValidate>
      {alert && <Alert type="error" showIcon title={alert.title} description={alert.description} />}
      <Controller
        control={control}
        name="body"
        rules={{
          validate: (value) => value.trim() !== '' || MESSAGE_REQUIRED,
        }}
        render={({ field }) => (
          <Input.TextArea
            {...field}
            ref={(element) => {
              field.ref(element);
              box.current = element;
            }}
            aria-label={MESSAGE_LABEL}
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={fieldError ? 'atelier-chat-error' : undefined}
            placeholder="How can we help?"
            autoSize={{ minRows: 2, maxRows: 6 }}
            maxLength={SUPPORT_MESSAGE_MAX_LENGTH}
            showCount={field.value.length > SUPPORT_MESSAGE_MAX_LENGTH - 200}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
                event.preventDefault();
                void submit();
              }
            }}
          />
        )}
      />
      {fieldError && (
        <div id="atelier-chat-error" role="alert" style={{ color: '#cf1322', fontSize: 13 }}>
          {fieldError}
        </div>
      )}
      <div className="atelier-chat-actions">
        <span className="atelier-chat-hint">Enter to send · Shift+Enter for a new line</span>
        <Button type="primary" htmlType="submit" loading={send.isPending}>
          Send
        </Button>
      </div>
    </form>
  );
}
