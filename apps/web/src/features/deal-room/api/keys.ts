/** The deal room's query keys; `all` is everything about one operation's room (its view and its thread). */
export const dealRoomKeys = {
  all: (operationId: string) => ['deal-room', operationId] as const,
  rooms: (operationId: string) => [...dealRoomKeys.all(operationId), 'room'] as const,
  room: (operationId: string, language: string) => [...dealRoomKeys.rooms(operationId), language] as const,
  messages: (operationId: string) => [...dealRoomKeys.all(operationId), 'messages'] as const,
};
