import { Space, Tag } from 'antd';
import LockOutlined from '@ant-design/icons/LockOutlined';
import EyeInvisibleOutlined from '@ant-design/icons/EyeInvisibleOutlined';
import type { Collection } from '@atelier/contracts';
import { useAuthStore } from '@atelier/session';
import { LOCKED, STAFF_ONLY, YOU_OWN_THIS } from '../../../shared/collections/collection-rules';

/**
 * SPEC §6 marks beside a collection's name: a lock when the viewer may not edit it, an icon
 * when it is not public (only staff see those), and 'You own this' for its owner. A guest
 * edits nothing, so a lock on every row would tell them nothing: they see no locks.
 */
export function CollectionMarks({ collection }: { collection: Collection }) {
  const user = useAuthStore((s) => s.user);
  const owns = user !== null && collection.owner === user.uuid;
  return (
    <Space size={6} wrap className="sf-collection-marks">
      {user && !collection.editable && (
        <LockOutlined aria-label={LOCKED} title={LOCKED} style={{ color: '#6b625a' }} />
      )}
      {!collection.public && (
        <EyeInvisibleOutlined
          aria-label={STAFF_ONLY}
          title={STAFF_ONLY}
          style={{ color: '#8a3b12' }}
        />
      )}
      {owns && (
        <Tag color="green" style={{ marginInlineEnd: 0 }}>
          {YOU_OWN_THIS}
        </Tag>
      )}
    </Space>
  );
}
