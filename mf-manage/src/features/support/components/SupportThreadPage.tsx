import { App, Breadcrumb, Button, Skeleton, Tag, Typography } from 'antd';
import { HomeOutlined } from '@ant-design/icons';
import { Link, useParams } from 'react-router-dom';
import type { SupportMessage } from '@atelier/contracts';
import { ErrorDisplay } from '@atelier/ui';
import { useCloseConversation } from '../api/close-conversation';
import { useSupportConversation } from '../api/support-queries';
import { POLL_WITHOUT_STREAM_MS, useSupportEvents } from '../hooks/use-support-events';
import { ReplyForm } from './ReplyForm';
import { formatWhen, stateOf, SUPPORT_TITLE } from './support-labels';

function Message({ message }: { message: SupportMessage }) {
  const staff = message.author === 'staff';
  return (
    <li style={{ alignSelf: staff ? 'flex-end' : 'flex-start', maxWidth: '85%' }}>
      <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
        {message.author_name} · {formatWhen(message.created)}
      </Typography.Text>
      <div
        style={{
          whiteSpace: 'pre-wrap',
          overflowWrap: 'anywhere',
          padding: '8px 12px',
          borderRadius: 12,
          background: staff ? '#8a3b12' : '#f1ebe2',
          color: staff ? '#fff' : '#1f1a17',
        }}
      >
        {message.body}
      </div>
    </li>
  );
}

/** One conversation: the visitor, their project, the messages, a reply box and Close. */
export function SupportThreadPage() {
  const id = Number(useParams().id);
  const live = useSupportEvents();
  const conversation = useSupportConversation(id, live ? false : POLL_WITHOUT_STREAM_MS);
  const close = useCloseConversation(id);
  const { message } = App.useApp();
  const data = conversation.data;
  return (
    <section>
      <Breadcrumb
        items={[
          {
            title: (
              <Link to="/manage" aria-label="Manage home">
                <HomeOutlined />
              </Link>
            ),
          },
          { title: <Link to="/manage/support">{SUPPORT_TITLE}</Link> },
          { title: data?.visitor.name ?? `#${id}` },
        ]}
      />
      {conversation.isPending && <Skeleton active />}
      {conversation.isError && <ErrorDisplay error={conversation.error} />}
      {data && (
        <>
          <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'center' }}>
            <Typography.Title
              level={1}
              style={{ fontSize: 24, margin: '8px 0', overflowWrap: 'anywhere', minWidth: 0 }}
            >
              {data.visitor.name}
            </Typography.Title>
            <Tag color={stateOf(data).color}>{stateOf(data).label}</Tag>
            {data.status === 'open' && (
              <Button
                style={{ marginLeft: 'auto' }}
                loading={close.isPending}
                onClick={() =>
                  close.mutate(undefined, {
                    onSuccess: () => void message.success('Conversation closed'),
                    onError: (error) => void message.error(error.message),
                  })
                }
              >
                Close conversation
              </Button>
            )}
          </div>
          <Typography.Paragraph type="secondary" style={{ overflowWrap: 'anywhere' }}>
            {data.visitor.email ?? 'Guest without an email'}
            {data.visitor.user_uuid === null ? ' · guest' : ' · signed in'}
            {' · '}
            {data.project ? (
              <>
                Project: <Link to={`/projects/${data.project.id}`}>{data.project.name}</Link>
              </>
            ) : (
              'No project'
            )}
          </Typography.Paragraph>
          <ol
            role="log"
            aria-label="Messages"
            aria-live="polite"
            style={{
              listStyle: 'none',
              padding: 0,
              margin: '0 0 16px',
              display: 'flex',
              flexDirection: 'column',
              gap: 12,
            }}
          >
            {data.messages.map((m) => (
              <Message key={m.id} message={m} />
            ))}
          </ol>
          <ReplyForm conversationId={id} />
        </>
      )}
    </section>
  );
}
