/** The admin's operation lifecycle query keys; `all` is what a lifecycle action refreshes. */
export const lifecycleKeys = {
  all: ['admin', 'operations'] as const,
  list: () => [...lifecycleKeys.all, 'list'] as const,
  control: (operationId: string) => [...lifecycleKeys.all, operationId, 'control'] as const,
};
