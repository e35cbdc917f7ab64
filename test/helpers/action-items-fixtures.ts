import { withActor, type Db } from '../../src/server/db/connection.ts';

let counter = 0;

/** A complete client with one case and one project, written as `actorId` (audit rows name them). */
export async function makeProject(db: Db, actorId: string, name = 'Kitchen fire'): Promise<{ projectId: string; clientName: string }> {
  const n = `${Date.now().toString(36)}${++counter}`;
  const clientName = `Client ${n}`;
  const projectId = await withActor(db, actorId, async (tx) => {
    const client = await tx.insertInto('clients').values({ name: clientName, completion_percentage: 100 })
      .returning('id').executeTakeFirstOrThrow();
    const kase = await tx.insertInto('cases').values({ client_id: client.id, file_number: `F-${n}`, case_name: `Case ${n}` })
      .returning('id').executeTakeFirstOrThrow();
    const project = await tx.insertInto('projects').values({ case_id: kase.id, project_number: `P-${n}`, project_name: name })
      .returning('id').executeTakeFirstOrThrow();
    return project.id;
  });
  return { projectId, clientName };
}

/** A valid create body for the API. */
export function newItem(projectId: string, assignee: string, fields: Record<string, unknown> = {}) {
  return {
    projectId,
    assignee,
    shortDescription: 'Site visit',
    longDescription: 'Meet the adjuster at the property',
    dueDate: '2027-03-15',
    startTime: '09:30:00',
    endTime: '10:00:00',
    ...fields,
  };
}
