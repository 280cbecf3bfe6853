import { Alert, Button, Input } from 'antd';
import { Controller, useForm } from 'react-hook-form';
import { SUPPORT_MESSAGE_MAX_LENGTH } from '@atelier/contracts';
import { readServerErrors } from '@atelier/ui';
import { useReplyToConversation } from '../api/reply-to-conversation';

const REPLY_LABEL = 'Reply';
const REPLY_REQUIRED = 'Write a reply first.';

/** Staff's answer to a conversation: Enter sends, Shift+Enter starts a new line. */
export function ReplyForm({ conversationId }: { conversationId: number }) {
  const reply = useReplyToConversation(conversationId);
  const { control, handleSubmit, reset, setError, formState } = useForm<{ body: string }>({
    defaultValues: { body: '' },
  });
  const submit = handleSubmit(async ({ body }) => {
    try {
      await reply.mutateAsync(body.trim());
      reset({ body: '' });
    } catch (error) {
      for (const field of readServerErrors(error, ['body'] as const).fields) {
        setError(field.name, { message: field.message });
      }
    }
  });
  const fieldError = formState.errors.body?.message;
  const alert = reply.isError ? readServerErrors(reply.error, ['body'] as const).alert : null;
  return (
    <form onSubmit={(event) => void submit(event)} noValidate style={{ display: 'grid', gap: 8 }}>
      {alert && <Alert type="error" showIcon title={alert.title} description={alert.description} />}
      <Controller
        control={control}
        name="body"
        rules={{ validate: (value) => value.trim() !== '' || REPLY_REQUIRED }}
        render={({ field }) => (
          <Input.TextArea
            {...field}
            aria-label={REPLY_LABEL}
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={fieldError ? 'support-reply-error' : undefined}
            placeholder="Write your answer"
            autoSize={{ minRows: 3, maxRows: 8 }}
            maxLength={SUPPORT_MESSAGE_MAX_LENGTH}
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
        <div id="support-reply-error" role="alert" style={{ color: '#cf1322', fontSize: 13 }}>
          {fieldError}
        </div>
      )}
      <div>
        <Button type="primary" htmlType="submit" loading={reply.isPending}>
          Send reply
        </Button>
      </div>
    </form>
  );
}
