% Domineering, 3 columns x 4 rows. Depth: Shaik & van de Pol, SAT 2023, Table 2(d).
#boardsize
3 4
#init
#depth
6
#blackgoal
#whitegoal
