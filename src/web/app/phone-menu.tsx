import { Avatar, Text, UnstyledButton } from '@mantine/core';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { CalendarFeedButton } from '../features/calendar-feed/calendar-feed-button.tsx';

interface Props {
  initials: string;
  displayName: string;
  roleLabel: string;
  onAccount(): void;
  onLogOut(): void;
}

/**
 * The header's phone menu (docs/decisions/107): on a narrow screen the avatar opens a list of what
 * the desktop header shows in a row (the person, the time links, My account, the calendar feed,
 * Log out), each a
 * full-width target. Plain elements, a disclosure: no menu library in the first load of every page.
 */
export function PhoneMenu({ initials, displayName, roleLabel, onAccount, onLogOut }: Props) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const box = useRef<HTMLDivElement>(null);
  const { pathname } = useLocation();
  // A link followed closes the menu; so do Escape and a tap outside it.
  useEffect(() => setOpen(false), [pathname]);
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    const onTap = (e: PointerEvent) => !box.current?.contains(e.target as Node) && setOpen(false);
    window.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onTap);
    return () => {
      window.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onTap);
    };
  }, [open]);
  const then = (action: () => void) => () => {
    setOpen(false);
    action();
  };
  return (
    <div className="phone-only" ref={box}>
      {/* The name starts with what the button shows (the initials), then says what it does. */}
      <UnstyledButton className="header-target" aria-label={`${initials} Menu`} aria-expanded={open} aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}>
        <Avatar color="indigo" variant="filled" radius="xl">{initials}</Avatar>
      </UnstyledButton>
      <nav id={panelId} aria-label="Menu" className="phone-menu" hidden={!open}>
        <div className="phone-menu-person">
          <Text size="sm" fw={600}>{displayName}</Text>
          <Text size="xs" c="dimmed">{roleLabel}</Text>
        </div>
        <Link className="phone-menu-item" to="/time-tracking">Time Tracking</Link>
        <Link className="phone-menu-item" to="/timesheet">Timesheet</Link>
        <button type="button" className="phone-menu-item" onClick={then(onAccount)}>My account</button>
        <CalendarFeedButton asMenuItem className="phone-menu-item" onOpen={() => setOpen(false)} />
        <button type="button" className="phone-menu-item" onClick={then(onLogOut)}>Log out</button>
      </nav>
    </div>
  );
}
