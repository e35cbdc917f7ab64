import { Button, Group, Loader, Paper, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import type { TProjectHit } from '../../../core/api/projects.ts';
import { useProjectSearch } from './use-project-search.ts';

const PLACEHOLDER = 'Start typing case number, client name, or project name...';
const DEBOUNCE_MS = 200;

interface Props {
  /** The label of the picked project; the box is then read-only. */
  pickedLabel: string | null;
  onPick(hit: TProjectHit): void;
  onReset(): void;
}

/** The ghost: the rest of the one project name that starts with the typed text. */
function ghostFor(text: string, hits: readonly TProjectHit[]): TProjectHit | null {
  const typed = text.toLowerCase();
  if (!typed.trim()) return null;
  const starting = hits.filter((hit) => hit.projectName.toLowerCase().startsWith(typed));
  return starting.length === 1 && starting[0]!.projectName.length > text.length ? starting[0]! : null;
}

/** "/" anywhere on the page but in a field puts the caret in the project box (README, Keyboard). */
export function useProjectBoxShortcut() {
  useEffect(() => {
    const onKey = (e: globalThis.KeyboardEvent) => {
      const target = e.target as HTMLElement | null;
      const typing = target?.closest('input, select, textarea, [contenteditable="true"]');
      if (e.key !== '/' || e.ctrlKey || e.metaKey || e.altKey || typing) return;
      const box = document.querySelector<HTMLInputElement>('input[data-project-box]');
      if (!box) return;
      e.preventDefault();
      box.focus();
      box.select();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
}

/** The project picker's search-box skin (SPEC §2): the one project search, ghost suggestion, keyboard picking, lock and Reset. */
export function ProjectSearchBox({ pickedLabel, onPick, onReset }: Props) {
  const [text, setText] = useState('');
  const { hits, searching, searched } = useProjectSearch(text, { enabled: pickedLabel === null, debounceMs: DEBOUNCE_MS });
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [ghostDismissed, setGhostDismissed] = useState(false);
  // Keyboard use: after a pick focus stays on the box (then Tab reaches Reset and the tables);
  // after Reset it returns to the search field.
  const [focusNext, setFocusNext] = useState(false);
  const listId = useId();
  // New hits: nothing in the list is chosen yet.
  useEffect(() => setActive(-1), [hits]);

  const ghost = ghostDismissed ? null : ghostFor(text, hits);
  const pick = (hit: TProjectHit) => {
    setOpen(false);
    setText('');
    setFocusNext(true);
    onPick(hit);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    const atEnd = e.currentTarget.selectionStart === text.length;
    if (e.key === 'ArrowDown' && hits.length) {
      e.preventDefault();
      setOpen(true);
      setActive((i) => Math.min(i + 1, hits.length - 1));
    } else if (e.key === 'ArrowUp' && hits.length) {
      e.preventDefault();
      setActive((i) => Math.max(i - 1, -1));
    } else if (e.key === 'Enter') {
      const chosen = active >= 0 ? hits[active] : ghost ?? (hits.length === 1 ? hits[0] : undefined);
      if (chosen) {
        e.preventDefault();
        pick(chosen);
      }
    } else if ((e.key === 'Tab' && !e.shiftKey) || (e.key === 'ArrowRight' && atEnd)) {
      if (ghost) {
        e.preventDefault();
        pick(ghost);
      }
    } else if (e.key === 'Escape') {
      if (ghost) setGhostDismissed(true);
      else setOpen(false);
      setActive(-1);
    }
  };

  if (pickedLabel !== null) {
    return (
      <Group align="flex-end" gap="xs" wrap="nowrap">
        <TextInput label="Project" value={pickedLabel} readOnly autoFocus={focusNext} style={{ flex: 1 }} data-project-box
          leftSection={<IconSearch size={16} />} />
        <Button variant="default" onClick={() => {
          setFocusNext(true);
          onReset();
        }}>Reset</Button>
      </Group>
    );
  }

  const showList = open && hits.length > 0;
  const noMatch = open && !searching && hits.length === 0 && searched !== '' && searched === text.trim();
  return (
    <div className="tt-search-wrap">
      <TextInput
        label="Project"
        placeholder={PLACEHOLDER}
        value={text}
        autoComplete="off"
        autoFocus={focusNext}
        role="combobox"
        data-project-box
        aria-keyshortcuts="/"
        aria-expanded={showList}
        aria-controls={listId}
        aria-autocomplete="both"
        aria-activedescendant={active >= 0 ? `${listId}-${active}` : undefined}
        classNames={{ input: 'tt-search-input' }}
        rightSection={searching ? <Loader size={14} /> : null}
        onChange={(e) => {
          setText(e.currentTarget.value);
          setGhostDismissed(false);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
        onKeyDown={onKeyDown}
      />
      {ghost && (
        <div className="tt-ghost" aria-hidden="true" data-testid="ghost-suggestion">
          <span className="tt-ghost-typed">{text}</span>{ghost.projectName.slice(text.length)}
        </div>
      )}
      {ghost && <span className="visually-hidden" style={{ position: 'absolute', left: -9999 }} aria-live="polite">
        Press Tab to pick {ghost.projectName}
      </span>}
      {noMatch && (
        <Paper shadow="md" withBorder className="tt-options" p="sm">
          <Text size="sm" c="dimmed">No matching projects</Text>
        </Paper>
      )}
      {showList && (
        <Paper shadow="md" withBorder className="tt-options" role="listbox" id={listId} aria-label="Search results">
          {hits.map((hit, i) => (
            <div key={hit.id} id={`${listId}-${i}`} role="option" aria-selected={i === active} className="tt-option"
              onMouseDown={(e) => e.preventDefault()} onClick={() => pick(hit)} onMouseEnter={() => setActive(i)}>
              <Text size="sm" fw={500}>{hit.label}</Text>
              <Text size="xs" c="dimmed">{hit.clientName} · File {hit.fileNumber}</Text>
            </div>
          ))}
        </Paper>
      )}
    </div>
  );
}
