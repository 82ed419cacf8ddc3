% Domineering, 6 columns x 6 rows. Depth: Shaik & van de Pol, SAT 2023, Table 2(d).
#boardsize
6 6
#init
#depth
11
#blackgoal
#whitegoal
