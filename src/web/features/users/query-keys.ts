// The firm's users (the importer's mapping reads the same list).
export const usersKeys = {
  all: ['users'] as const,
};
