import { Box, Button, NavLink, Stack } from '@mantine/core';
import { IconChevronDown, IconChevronUp } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { NavLink as RouterNavLink } from 'react-router';
import type { SettingsSection } from './settings-sections.ts';

/** The list stays in view beside a long section, below the 60 px header. */
const STICKY = { position: 'sticky', top: 76, flexShrink: 0 } as const;

/** Every item at least 44 px tall: a finger's width on a phone (WCAG 2.5.5). */
const ITEM = { root: { minHeight: 44 } };

function SectionLinks({ sections, current }: { sections: readonly SettingsSection[]; current: SettingsSection }) {
  return sections.map(({ path, label, icon: Icon }) => (
    // React Router's NavLink: a real link (new tab, back and forward), aria-current="page" on the open one.
    // variant named: the theme's resolver then darkens the open one's text to AA contrast (theme.ts).
    <NavLink key={path} component={RouterNavLink} to={`/settings/${path}`} label={label} active={path === current.path} variant="light"
      leftSection={<Icon size={18} stroke={1.6} />} styles={ITEM} />
  ));
}

/**
 * The sections a person may open: a list beside the section from the small-tablet width up, and on a
 * phone a 'Settings sections' button that shows the same list above the section.
 */
export function SettingsNav({ sections, current }: { sections: readonly SettingsSection[]; current: SettingsSection }) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  return (
    <>
      <Box component="nav" aria-label="Settings sections" visibleFrom="sm" w={250} style={STICKY}>
        <SectionLinks sections={sections} current={current} />
      </Box>
      <Stack hiddenFrom="sm" gap={4}>
        <Button variant="default" fullWidth h={44} justify="space-between" aria-expanded={open} aria-controls={listId}
          rightSection={open ? <IconChevronUp size={18} /> : <IconChevronDown size={18} />} onClick={() => setOpen(!open)}>
          Settings sections
        </Button>
        {open && (
          <Box component="nav" id={listId} aria-label="Settings sections" bg="white" bd="1px solid var(--mantine-color-gray-3)" style={{ borderRadius: 4 }}>
            <SectionLinks sections={sections} current={current} />
          </Box>
        )}
      </Stack>
    </>
  );
}
