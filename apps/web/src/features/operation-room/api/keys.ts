/** The operation room's query keys; `all` is everything about one operation's room (its view and its thread). */
export const operationRoomKeys = {
  all: (operationId: string) => ['operation-room', operationId] as const,
  rooms: (operationId: string) => [...operationRoomKeys.all(operationId), 'room'] as const,
  room: (operationId: string, language: string) => [...operationRoomKeys.rooms(operationId), language] as const,
  messages: (operationId: string) => [...operationRoomKeys.all(operationId), 'messages'] as const,
};
