# One image for the API (which also serves the built frontend) and the projections worker.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY . .
RUN npm ci --no-audit --no-fund && npm run build && npm prune --omit=dev

FROM node:20-bookworm-slim
ENV NODE_ENV=production
WORKDIR /app
COPY --from=build /app /app
USER node
EXPOSE 3000
CMD ["node", "--v8-pool-size=1", "backend/bundle/main.js"]
