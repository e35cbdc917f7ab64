import { Alert, Anchor, List } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useUser } from '../../../shared/auth.tsx';
import { useRetainerNotices } from './retainer-api.ts';

/** On the dashboard, for super admins: every case whose retainer is below its threshold. */
export function RetainerNotices() {
  const user = useUser();
  const notices = useRetainerNotices(user.isSuperAdmin);
  const list = notices.data?.notices ?? [];
  if (!user.isSuperAdmin || list.length === 0) return null;
  return (
    <Alert color="orange" icon={<IconAlertTriangle size={18} />} title="Retainers running low" role="status">
      <List size="sm">
        {list.map((n) => (
          <List.Item key={n.caseId}><Anchor component={Link} to={`/case/${n.caseId}`} size="sm" c="inherit" underline="always">{n.message}</Anchor></List.Item>
        ))}
      </List>
    </Alert>
  );
}
