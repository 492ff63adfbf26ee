import type { Migration } from 'kysely';
import * as m0001 from './0001_foundation';
import * as m0002 from './0002_request_layer';
import * as m0003 from './0003_shell';
import * as m0004 from './0004_bilingual_text';
import * as m0005 from './0005_envelope_per_client';
import * as m0006 from './0006_qr_confirming_session';
import * as m0007 from './0007_resources';
import * as m0008 from './0008_query_settings';
import * as m0009 from './0009_user_duty_admin';
import * as m0010 from './0010_form_settings';
import * as m0011 from './0011_dynamic_forms';
import * as m0012 from './0012_embedded_pages';
import * as m0013 from './0013_lookups';
import * as m0013b from './0013_lookups_customer';
import * as m0014 from './0014_scroll_select';
import * as m0015 from './0015_data_auth';
import * as m0016 from './0016_org_struct';
import * as m0017 from './0017_data_auth_kinds';
import * as m0018 from './0018_export_jobs';
import * as m0019 from './0019_import_reports';
import * as m0020 from './0020_attachments';
import * as m0021 from './0021_certificates';
import * as m0022 from './0022_operation_log';
import * as m0023 from './0023_approval_flows';
import * as m0024 from './0024_func_button';
import * as m0025 from './0025_operation_guide';
import * as m0026 from './0026_reminders_workbench';
import * as m0027 from './0027_decision_files';
import * as m0028 from './0028_process_name_en';
import * as m0029 from './0029_staff_type_dictionary';
import * as m0030 from './0030_workday_set';
import * as m0031 from './0031_benchmark_rates';
import * as m0032 from './0032_function_version';
import * as m0033 from './0033_position_relation';
import * as m0034 from './0034_product_license';
import * as m0035 from './0035_org_info_ettr';
import * as m0036 from './0036_lang_info';
import * as m0037 from './0037_sensitive_set';
import * as m0038 from './0038_portal_area';
import * as m0039 from './0039_sys_field_map';

/**
 * Every migration, in order. Listed here rather than read from disk so the bundled server
 * carries them. Add a file `NNNN_name.ts` and one line below; never edit a shipped one.
 */
export const migrations: Record<string, Migration> = {
  '0001_foundation': m0001,
  '0002_request_layer': m0002,
  '0003_shell': m0003,
  '0004_bilingual_text': m0004,
  '0005_envelope_per_client': m0005,
  '0006_qr_confirming_session': m0006,
  '0007_resources': m0007,
  '0008_query_settings': m0008,
  '0009_user_duty_admin': m0009,
  '0010_form_settings': m0010,
  '0011_dynamic_forms': m0011,
  '0012_embedded_pages': m0012,
  '0013_lookups': m0013,
  '0013_lookups_customer': m0013b,
  '0014_scroll_select': m0014,
  '0015_data_auth': m0015,
  '0016_org_struct': m0016,
  '0017_data_auth_kinds': m0017,
  '0018_export_jobs': m0018,
  '0019_import_reports': m0019,
  '0020_attachments': m0020,
  '0021_certificates': m0021,
  '0022_operation_log': m0022,
  '0023_approval_flows': m0023,
  '0024_func_button': m0024,
  '0025_operation_guide': m0025,
  '0026_reminders_workbench': m0026,
  '0027_decision_files': m0027,
  '0028_process_name_en': m0028,
  '0029_staff_type_dictionary': m0029,
  '0030_workday_set': m0030,
  '0031_benchmark_rates': m0031,
  '0032_function_version': m0032,
  '0033_position_relation': m0033,
  '0034_product_license': m0034,
  '0035_org_info_ettr': m0035,
  '0036_lang_info': m0036,
  '0037_sensitive_set': m0037,
  '0038_portal_area': m0038,
  '0039_sys_field_map': m0039,
};
