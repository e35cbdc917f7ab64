import { Button, Group, Text } from '@mantine/core';

/** Shown under a row someone else saved (or deleted) first: the user picks, nothing is overwritten silently. */
export function ConflictRow({ colSpan, theirs, deleted, onTheirs, onMine }: {
  colSpan: number; theirs: string; deleted: boolean; onTheirs(): void; onMine(): void;
}) {
  return (
    <div role="row" className="tt-conflict" data-columns={colSpan}>
      <div role="cell">
        {/* The words take the line's room down to 16rem; narrower (a phone), the buttons go under them whole. */}
        <Group gap="sm" wrap="wrap" role="alert">
          <Text size="sm" style={{ flex: '1 1 16rem' }}>
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
