/**
 * Who a moderator is in chat: what its messages carry, and what presence counts its sockets by,
 * where a visitor's public session id stands.
 */
export const adminChatId = (adminId: string) => `admin-${adminId}`;
