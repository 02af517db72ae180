/** Every number SPEC section 9 fixes, plus the few limits our design adds. One source for client and server. */

export const MIN_PASSWORD_LENGTH = 6;
export const MAX_PASSWORD_LENGTH = 256;
export const MAX_USERNAME_LENGTH = 64;
export const MAX_EMAIL_LENGTH = 254;

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
export const ALLOWED_UPLOAD_MIME_TYPES = ['image/jpeg', 'image/png'] as const;

export const MIN_REFRESH_INTERVAL_SECONDS = 5;
export const DEFAULT_REFRESH_INTERVAL_SECONDS = 30;

export const POLL = {
  gameServersDashboardMs: 10_000,
  gameServersDashboardStaleMs: 5_000,
  gameServersDashboardRetries: 3,
  gameServersCardMs: 15_000,
  gameServersCardStaleMs: 10_000,
  servicesMs: 30_000,
  mediaInfoMs: 15_000,
  mediaInfoStaleMs: 10_000,
  mediaHelperMs: 20_000,
  loginAttemptsMs: 30_000,
} as const;

export const MEDIA_PROGRESS_TICK_MS = 1_000;

export const DEFAULT_ONLINE_COLOR = '#22c55e';
export const DEFAULT_OFFLINE_COLOR = '#ef4444';
export const NSFW_BADGE_COLOR = '#ec4899';

export const DEFAULT_SITE_TITLE = 'Homelab Dashboard';
export const DEFAULT_FONT_FAMILY = 'Inter';
export const DEFAULT_LOGIN_DESCRIPTION =
  'Monitor your services and game servers in real time with our comprehensive dashboard.';
export const DEFAULT_NEW_USER_ROLE = 'pending';

export const TOP_BAR_HIDE_SCROLL_PX = 50;
export const SECTION_MAX_HEIGHT_PX = 2_000;
export const LAZY_LOAD_THRESHOLD = 0.1;
export const DRAG_TOUCH_DELAY_MS = 120;
export const DRAG_MOUSE_DISTANCE_PX = 5;
export const LOGIN_PAGE_FADE_MS = 150;
export const PAGE_FADE_SECONDS = 0.15;

export const LOGIN_ATTEMPTS_LIST_HEIGHT_PX = 600;
export const LOGIN_ATTEMPTS_DIALOG_MAX_WIDTH_PX = 800;
export const ISP_LOGO_SIZE_PX = 27;

export const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;
export const TOAST_DURATION_MS = 5_000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;

/** Browser storage keys fixed by SPEC section 2. */
export const STORAGE_KEYS = {
  serversExpanded: 'isServersExpanded',
  servicesExpanded: 'isServicesExpanded',
  adminUiVisible: 'adminUIVisible',
  theme: 'theme',
} as const;
