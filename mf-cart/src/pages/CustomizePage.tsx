import { useParams, useSearchParams } from 'react-router-dom';
import { useCartStore } from '@atelier/session';
import { CustomizeScreen } from '../features/customize/components/CustomizeScreen';

/** /art/design/:id: customize a cart item; the project is `?project=` or the held cart. */
export default function CustomizePage() {
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const heldToken = useCartStore((s) => s.token);
  const token = params.get('project') || heldToken;
  return (
    <CustomizeScreen
      key={`${token}:${id}`}
      token={token}
      itemId={Number(id)}
      heldToken={heldToken}
    />
  );
}
