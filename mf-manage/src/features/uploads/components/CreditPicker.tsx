import { Button, Form, Radio, Space, Typography } from 'antd';
import { api } from '@atelier/api-client';
import type { Artist, Page, Publisher } from '@atelier/contracts';
import { Typeahead } from '@atelier/ui';

/** Matches listed at once in a typeahead (the '…' entry says there are more). */
const CREDIT_LOOKUP_SIZE = 10;

export type Credit =
  | { kind: 'artist'; artist: Pick<Artist, 'id' | 'name'> | null }
  | { kind: 'publisher'; publisher: string };

const lookUp =
  <T,>(path: string) =>
  (term: string, signal: AbortSignal) =>
    api.get<Page<T>>(path, { params: { search: term, limit: CREDIT_LOOKUP_SIZE }, signal });

const lookUpArtists = lookUp<Artist>('/api/artist/');
const lookUpPublishers = lookUp<Publisher>('/api/publisher/');

/**
 * SPEC §2 upload form: the picture is credited to a catalogue artist OR a publisher, each
 * chosen from its list as you type (SPEC §5 Typeahead).
 */
export function CreditPicker({
  value,
  onChange,
  error,
}: {
  value: Credit;
  onChange(next: Credit): void;
  error: string | null;
}) {
  const chosen = value.kind === 'artist' ? (value.artist?.name ?? '') : value.publisher;
  return (
    <>
      <Form.Item label="Credit" required>
        <Radio.Group
          aria-label="Credit"
          value={value.kind}
          onChange={(event) =>
            onChange(
              event.target.value === 'artist'
                ? { kind: 'artist', artist: null }
                : { kind: 'publisher', publisher: '' },
            )
          }
          options={[
            { value: 'artist', label: 'An artist' },
            { value: 'publisher', label: 'A publisher' },
          ]}
        />
      </Form.Item>
      <Form.Item
        label={value.kind === 'artist' ? 'Artist' : 'Publisher'}
        required
        help={error ?? (chosen ? undefined : 'Type part of the name, then choose.')}
        validateStatus={error ? 'error' : undefined}
      >
        {chosen ? (
          <Space wrap>
            <Typography.Text strong aria-label={`Chosen ${value.kind}`}>
              {chosen}
            </Typography.Text>
            <Button
              size="small"
              onClick={() =>
                onChange(
                  value.kind === 'artist'
                    ? { kind: 'artist', artist: null }
                    : { kind: 'publisher', publisher: '' },
                )
              }
            >
              Change
            </Button>
          </Space>
        ) : value.kind === 'artist' ? (
          <Typeahead<Artist>
            label="Artist"
            placeholder="Search artists"
            queryKey={['manage', 'upload', 'artist-lookup']}
            search={lookUpArtists}
            getKey={(artist) => artist.id}
            getLabel={(artist) => artist.name}
            onChoose={(artist) => onChange({ kind: 'artist', artist })}
            style={{ width: '100%' }}
          />
        ) : (
          <Typeahead<Publisher>
            label="Publisher"
            placeholder="Search publishers"
            queryKey={['manage', 'upload', 'publisher-lookup']}
            search={lookUpPublishers}
            getKey={(publisher) => publisher.id}
            getLabel={(publisher) => publisher.name}
            onChoose={(publisher) => onChange({ kind: 'publisher', publisher: publisher.name })}
            style={{ width: '100%' }}
          />
        )}
      </Form.Item>
    </>
  );
}
