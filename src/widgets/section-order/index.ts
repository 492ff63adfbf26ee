export { useSectionOrder, serverSectionOrder, type SectionOrder, type SectionOrderCalls, type UseSectionOrderOptions } from './useSectionOrder';
export { SectionOrderPopover } from './SectionOrderPopover';
