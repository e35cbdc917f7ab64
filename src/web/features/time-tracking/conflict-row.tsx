import { Button, Group, Text } from '@mantine/core';

/** Shown under a row someone else saved (or deleted) first: the user picks, nothing is overwritten silently. */
export function ConflictRow({ colSpan, theirs, deleted, onTheirs, onMine }: {
  colSpan: number; theirs: string; deleted: boolean; onTheirs(): void; onMine(): void;
}) {
  return (
    <div role="row" className="tt-conflict" data-columns={colSpan}>
      <div role="cell">
        <Group gap="sm" wrap="nowrap" role="alert">
          <Text size="sm" style={{ flex: 1 }}>
            {deleted
              ? 'Someone else deleted this entry while you were editing it.'
              : <>Someone else saved this entry while you were editing it. Their version: <b>{theirs}</b></>}
          </Text>
          <Button size="compact-sm" variant="default" onClick={onTheirs}>{deleted ? 'Discard mine' : 'Use their version'}</Button>
          <Button size="compact-sm" onClick={onMine}>{deleted ? 'Save mine again' : 'Keep mine'}</Button>
        </Group>
      </div>
    </div>
  );
}
