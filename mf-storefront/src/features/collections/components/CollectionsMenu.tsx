import { Button, Dropdown } from 'antd';
import DownOutlined from '@ant-design/icons/DownOutlined';
import { Link } from 'react-router-dom';
import type { Collection } from '@atelier/contracts';
import { splitForMenu } from '../../../shared/collections/collection-rules';

/** SPEC §2 Collections menu: up to five collections as links, the rest in a More dropdown. */
export function CollectionsMenu({ collections }: { collections: readonly Collection[] }) {
  const { shown, more } = splitForMenu(collections);
  if (shown.length === 0) return null;
  return (
    <nav aria-label="Collections menu" className="sf-collections-menu">
      <ul>
        {shown.map((collection) => (
          <li key={collection.id}>
            <Link to={`/collections/${collection.id}`} title={collection.name}>
              {collection.name}
            </Link>
          </li>
        ))}
        {more.length > 0 && (
          <li>
            <Dropdown
              trigger={['click']}
              menu={{
                items: more.map((collection) => ({
                  key: collection.id,
                  label: <Link to={`/collections/${collection.id}`}>{collection.name}</Link>,
                })),
                style: { maxHeight: 360, overflowY: 'auto' },
              }}
            >
              <Button type="text" size="small">
                More <DownOutlined aria-hidden />
              </Button>
            </Dropdown>
          </li>
        )}
      </ul>
    </nav>
  );
}
