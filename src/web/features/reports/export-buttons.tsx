import { ActionIcon, Button, Group, Menu, Tooltip } from '@mantine/core';
import { IconChevronDown, IconDownload } from '@tabler/icons-react';
import type { TReportQueryInput } from '../../../core/api/reports.ts';
import { exportUrl } from './api.ts';

// The report's files (docs/decisions/098): the CSV and the XLSX hold the table as shown (groups,
// subtotals, Grand Total; the XLSX also every entry on its 'Entries' sheet); the flat list of
// entries as CSV is the menu's choice.

export function ExportButtons({ query }: { query: TReportQueryInput }) {
  const icon = <IconDownload size={16} />;
  return (
    <Group gap="xs">
      <Group gap={0}>
        <Tooltip label="The table as shown: groups, subtotals and the grand total">
          <Button component="a" href={exportUrl(query, 'csv')} download variant="default" leftSection={icon}
            style={{ borderTopRightRadius: 0, borderBottomRightRadius: 0 }}>
            Export CSV
          </Button>
        </Tooltip>
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon variant="default" size={36} aria-label="More export choices"
              style={{ borderTopLeftRadius: 0, borderBottomLeftRadius: 0, borderLeft: 0 }}>
              <IconChevronDown size={16} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item component="a" href={exportUrl(query, 'csv')} download leftSection={icon}>
              CSV (grouped, as on screen)
            </Menu.Item>
            <Menu.Item component="a" href={exportUrl(query, 'entries-csv')} download leftSection={icon}>
              CSV (entries, one row each)
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Group>
      <Tooltip label="Sheet 'Report': the table as shown; sheet 'Entries': every entry">
        <Button component="a" href={exportUrl(query, 'xlsx')} download variant="default" leftSection={icon}>
          Export XLSX
        </Button>
      </Tooltip>
    </Group>
  );
}
