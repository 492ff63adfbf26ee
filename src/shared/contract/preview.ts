import { Body, Type, endpoint } from './define';

/**
 * The document previewer's server call (docs/previewer.md). A file's own bytes come from
 * loginPage.viewFile (GET, the session in the JwtToken header, never in the address; read
 * access through mayRead); an Office file's come from here, converted to pdf.
 */
export const preview = {
  office: endpoint({
    method: 'GET',
    path: '/api/fsmc/components/upload/file-online-preview/:id',
    summary: 'An Office file (the previewer’s office kind: doc, docx, xls, xlsx, ppt, pptx, odt, ods, odp, rtf, csv) converted to pdf, inline; 2800 when the server has no converter, 2801/2802 when the conversion fails or takes too long, 2803 for a file that is not an Office document, 404 for a file the caller may not read.',
    params: Body({ id: Type.String({ pattern: '^[1-9][0-9]{0,9}$' }) }),
    data: Type.Null(),
    file: true,
  }),
};
