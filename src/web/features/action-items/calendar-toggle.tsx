import { Button, Group, Modal, Stack, Switch, Text } from '@mantine/core';
import { useState } from 'react';

export type CalendarOffChoice = 'remove' | 'unlink';

interface Props {
  checked: boolean;
  /** SPEC §4: on only with a due date and short description, or when an event exists. */
  canTurnOn: boolean;
  /** The item has an event that sync keeps current: turning off asks Remove or Unlink. */
  hasSyncedEvent: boolean;
  busy: boolean;
  onChange(on: boolean): void;
  /** Resolves true when the item's sync is off after the choice (the toggle then shows off; a failed Remove still turns it off). */
  onTurnOff(choice: CalendarOffChoice): Promise<boolean>;
}

/** The form's calendar sync toggle (Sync On/Off) and its two questions (SPEC §2 modals). */
export function CalendarToggle({ checked, canTurnOn, hasSyncedEvent, busy, onChange, onTurnOff }: Props) {
  const [asking, setAsking] = useState<'choice' | 'confirmRemove' | null>(null);
  const [working, setWorking] = useState(false);
  const choose = async (choice: CalendarOffChoice) => {
    setWorking(true);
    try {
      if (await onTurnOff(choice)) onChange(false);
    } finally {
      setWorking(false);
      setAsking(null);
    }
  };
  return (
    <>
      <Switch
        label={checked ? 'Sync On' : 'Sync Off'}
        aria-label="Google Calendar sync"
        checked={checked}
        disabled={busy || (!checked && !canTurnOn)}
        description={!checked && !canTurnOn ? 'Needs a date and a short description' : 'Google Calendar'}
        onChange={(e) => {
          const on = e.currentTarget.checked;
          if (!on && hasSyncedEvent) setAsking('choice');
          else onChange(on);
        }}
      />
      <Modal opened={asking === 'choice'} onClose={() => !working && setAsking(null)} title={<Text fw={700}>Disable Google Calendar Sync</Text>} centered>
        <Stack gap="md">
          <Text size="sm">This action item has an event in Google Calendar. Remove the event, or keep it and stop syncing?</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setAsking(null)} disabled={working}>Cancel</Button>
            <Button variant="light" onClick={() => void choose('unlink')} loading={working}>Disable without Removing</Button>
            <Button color="red" onClick={() => setAsking('confirmRemove')} disabled={working}>Remove from Google Calendar</Button>
          </Group>
        </Stack>
      </Modal>
      <Modal opened={asking === 'confirmRemove'} onClose={() => !working && setAsking(null)} title={<Text fw={700}>Remove from Google Calendar?</Text>} centered>
        <Stack gap="md">
          <Text size="sm">The event will be deleted from the firm's Google Calendar.</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setAsking(null)} disabled={working}>Keep Synced</Button>
            <Button color="red" onClick={() => void choose('remove')} loading={working}>Yes, Remove</Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
