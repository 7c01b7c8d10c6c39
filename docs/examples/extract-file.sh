# Upload a file and use a built-in template instead of listing columns.
# -F sends multipart/form-data; "columns" would be a JSON array in a form field.
curl -sS "$ROWSMITH_URL/api/extractions" \
  -H "Authorization: Bearer $ROWSMITH_API_KEY" \
  -F "file=@statement.csv" \
  -F "template=transactions"
