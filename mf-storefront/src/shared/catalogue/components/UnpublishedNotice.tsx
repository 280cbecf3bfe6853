import { Alert } from 'antd';
import { HIDDEN_IMAGE_MESSAGE, imageIdLabel, UNPUBLISHED_MESSAGE } from './image-messages';

export interface UnpublishedNoticeProps {
  id: number;
  /** Hidden from this viewer: buyers do not find unpublished images; staff still do. */
  hidden: boolean;
}

/** SPEC §8 Unpublished image, with the id so support can find it. */
export function UnpublishedNotice({ id, hidden }: UnpublishedNoticeProps) {
  return (
    <Alert
      type="warning"
      showIcon
      title={UNPUBLISHED_MESSAGE}
      description={
        <>
          {hidden && <div>{HIDDEN_IMAGE_MESSAGE}</div>}
          <div>{imageIdLabel(id)}</div>
        </>
      }
    />
  );
}
