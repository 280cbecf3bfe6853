import { useState } from 'react';
import { App, Button, Dropdown, Modal, type MenuProps } from 'antd';
import { EXTERNAL_PUBLISH_MESSAGE, isExternalSource, type ImageCard } from '@atelier/contracts';
import { FAVORITE_FAILURE_ADVICE } from '../catalogue/components/image-messages';
import { errorText } from '../catalogue/lib/error-text';
import { CollectionsTypeahead } from '../collections/CollectionsTypeahead';
import {
  useAddToCollection,
  useAddToStaticSet,
  usePublish,
  type StaticSet,
} from './staff-actions-api';

/** SPEC §9: a simple alert shows for 5 s. */
const ALERT_SECONDS = 5;
const SET_LABELS: Record<StaticSet, string> = {
  government: 'government',
  commercial: 'commercial',
};

/**
 * A staff tile's quick actions (SPEC §2 Media grid): publish or unpublish, add to a
 * collection, add to the government or commercial set. Failures show SPEC §8's texts:
 * publish as an alert with the advice, a collection change as a persistent alert.
 */
export function StaffQuickActions({ image }: { image: ImageCard }) {
  const { message, notification } = App.useApp();
  const [choosing, setChoosing] = useState(false);
  const publish = usePublish(image.id);
  const addToCollection = useAddToCollection(image.id);
  const addToSet = useAddToStaticSet(image.id);
  const external = isExternalSource(image.source);

  const failed = (title: string, error: unknown, persistent: boolean) =>
    notification.error({
      title,
      description: `${errorText(error)} ${FAVORITE_FAILURE_ADVICE}`,
      duration: persistent ? 0 : ALERT_SECONDS,
    });

  const items: MenuProps['items'] = [
    {
      key: 'publish',
      label: image.published ? 'Unpublish' : 'Publish',
      disabled: external,
      title: external ? EXTERNAL_PUBLISH_MESSAGE : undefined,
    },
    { key: 'collection', label: 'Add to a collection…' },
    { key: 'government', label: 'Add to the government set' },
    { key: 'commercial', label: 'Add to the commercial set' },
  ];

  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'publish') {
      const next = !image.published;
      publish.mutate(next, {
        onSuccess: () =>
          void message.success(
            `${next ? 'Published' : 'Unpublished'} “${image.title}”`,
            ALERT_SECONDS,
          ),
        onError: (error) => failed(next ? 'Publish failed' : 'Unpublish failed', error, false),
      });
    } else if (key === 'collection') {
      setChoosing(true);
    } else if (key === 'government' || key === 'commercial') {
      addToSet.mutate(key, {
        onSuccess: () => void message.success(`Added to the ${SET_LABELS[key]} set`, ALERT_SECONDS),
        onError: (error) => failed(`Adding to the ${SET_LABELS[key]} set failed`, error, true),
      });
    }
  };

  return (
    <>
      <Dropdown menu={{ items, onClick }} trigger={['click']}>
        <Button
          size="small"
          aria-label={`Quick actions for ${image.title}`}
          loading={publish.isPending || addToSet.isPending || addToCollection.isPending}
        >
          ⋯
        </Button>
      </Dropdown>
      <Modal
        open={choosing}
        title={`Add “${image.title}” to a collection`}
        footer={null}
        onCancel={() => setChoosing(false)}
        destroyOnHidden
      >
        <CollectionsTypeahead
          label="Collection to add to"
          onChoose={(collection) => {
            setChoosing(false);
            addToCollection.mutate(collection, {
              onSuccess: () => void message.success(`Added to ${collection.name}`, ALERT_SECONDS),
              onError: (error) => failed(`Adding to ${collection.name} failed`, error, true),
            });
          }}
        />
      </Modal>
    </>
  );
}
