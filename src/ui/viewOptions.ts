/** The view options a link or the header chooses (parsed from the URL by app/urlOptions.ts). */
export type Theme = 'light' | 'dark' | 'system';
export type LayoutView = 'split' | 'diagram' | 'story';
export type MotionPref = 'system' | 'reduced' | 'full';
