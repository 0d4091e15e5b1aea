/**
 * @lectern/admin/kit: what a plugin's dashboard screens (`plugins/<name>/admin`) build with. Plugins
 * import only from here, never from the dashboard's screens or shell, so the dashboard may reorganise
 * its internals freely; everything below is kept stable for them.
 *
 * Translations: a plugin ships `locales/<language>/<file>.json`; each file is the namespace
 * `<plugin>-<file>` (e.g. `useTranslation('lms-instructor')`), with all twenty languages required.
 */
export { api, apiText, apiBlob, apiUpload, type RequestOptions } from '../api/client';
export { saveBlob, saveText } from '../ui/save-text';
export { ApiError } from '../api/errors';
export { useBootstrap, can, BOOTSTRAP_KEY, type Bootstrap, type MenuItem } from '../api/bootstrap';
export { CACHE } from '../api/cache-times';
export { Avatar } from '../ui/Avatar';
export { ConfirmDialog } from '../ui/ConfirmDialog';
export { DataTable } from '../ui/DataTable';
export { ErrorBoundary } from '../ui/ErrorBoundary';
export { Field } from '../ui/Field';
export { FilterSelect } from '../ui/FilterSelect';
export { FormActions } from '../ui/FormActions';
export { Icon } from '../ui/Icon';
export { Modal } from '../ui/Modal';
export { PageHeader } from '../ui/PageHeader';
export { Pagination } from '../ui/Pagination';
export { ProgressBar } from '../ui/ProgressBar';
export { QueryView } from '../ui/QueryView';
export { TableScroll } from '../ui/TableScroll';
export { Tabs, TabPanel, type TabDef } from '../ui/Tabs';
export { Button, IconButton, Card, Grid, Stack, Row, Input, Select, Textarea, Muted, Badge, Table, type Tone } from '../ui/primitives';
export { Loading, EmptyState, ErrorState, errorText } from '../ui/states';
export { useToast } from '../ui/toasts';
export { StatTile, ChartCard } from '../ui/Figures';
export { useSearchInput } from '../ui/useSearchInput';
export { DocumentEditor, DocumentView, type PuckDocument } from './documents';
