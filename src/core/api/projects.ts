import { z } from 'zod';

/** One hit of the project search box (SPEC §2 Project search box). */
export const ZProjectHit = z.object({
  id: z.string(),
  projectNumber: z.string(),
  projectName: z.string(),
  fileNumber: z.string(),
  caseName: z.string(),
  clientName: z.string(),
  /** What the box shows once picked: project number (or file number) plus the name. */
  label: z.string(),
});
export type TProjectHit = z.infer<typeof ZProjectHit>;

export const ZProjectSearchQuery = z.object({ q: z.string().trim().min(2).max(200) });
export const ZProjectSearchResponse = z.object({ projects: z.array(ZProjectHit).max(10) });
export type TProjectSearchResponse = z.infer<typeof ZProjectSearchResponse>;
