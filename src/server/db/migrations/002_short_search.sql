-- Case and client search accept 2 characters (SPEC §7), but a 2-character pattern holds no
-- trigram, so the gin_trgm_ops indexes of 001 cannot serve it and 100k cases were scanned
-- (≈55 ms). An index of every 2-character piece of the searched columns answers it instead:
-- "column contains 'ab'" is exactly "its pieces include 'ab'".
CREATE FUNCTION search_bigrams(a text, b text) RETURNS text[]
-- A high cost tells the planner to use the index rather than compute this for every row.
LANGUAGE sql IMMUTABLE PARALLEL SAFE COST 1000 AS $$
  SELECT coalesce(array_agg(DISTINCT substr(s, i, 2)), '{}')
  FROM (SELECT lower(coalesce(a, '')) AS s UNION ALL SELECT lower(coalesce(b, ''))) AS parts,
       generate_series(1, length(s) - 1) AS i
$$;

CREATE INDEX cases_search_bigrams ON cases USING gin (search_bigrams(file_number, case_name));
CREATE INDEX clients_search_bigrams ON clients USING gin (search_bigrams(name, contact_name));
