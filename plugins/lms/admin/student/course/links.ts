/**
 * Links inside the player. The player's routes (":course" and ":course/:item") are single routes,
 * so ".." always leads back to "my courses" and these paths work from either.
 */
export const coursesHref = '..';
export const itemHref = (course: string, itemId: string) => `../${encodeURIComponent(course)}/${itemId}`;
