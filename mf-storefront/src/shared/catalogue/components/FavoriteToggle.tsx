import { Alert, Button } from 'antd';
import { formatError } from '@atelier/ui';
import { isApiError } from '@atelier/api-client';
import { useToggleFavorite } from '../api/toggle-favorite';
import { FAVORITE_FAILURE_ADVICE, FAVORITE_LABEL } from './image-messages';

export interface FavoriteToggleProps {
  imageId: number;
  favorite: boolean;
}

/** The error text of SPEC §8: the server's detail when it gave one, else the error itself. */
function errorText(error: unknown): string {
  if (isApiError(error) && error.detail) return error.detail;
  const { title, description } = formatError(error);
  return description ? `${title} ${description}` : title;
}

/**
 * SPEC §4 Favorite toggles on and off (signed-in users; the caller renders it only for them).
 * A pressed toggle button, so a screen reader says whether it is a favourite.
 */
export function FavoriteToggle({ imageId, favorite }: FavoriteToggleProps) {
  const toggle = useToggleFavorite(imageId);
  return (
    <div>
      <Button
        aria-pressed={favorite}
        loading={toggle.isPending}
        // A text heart: the icon package's entry costs a test transform and bundle weight.
        icon={
          <span aria-hidden style={{ color: favorite ? '#b4232c' : undefined }}>
            {favorite ? '♥' : '♡'}
          </span>
        }
        onClick={() => toggle.mutate(!favorite)}
      >
        {FAVORITE_LABEL}
      </Button>
      {toggle.isError && (
        <Alert
          style={{ marginTop: 8 }}
          type="error"
          showIcon
          closable
          onClose={() => toggle.reset()}
          title={errorText(toggle.error)}
          description={FAVORITE_FAILURE_ADVICE}
        />
      )}
    </div>
  );
}
