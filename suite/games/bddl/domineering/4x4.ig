% Domineering, 4 columns x 4 rows. Depth: Shaik & van de Pol, SAT 2023, Table 2(d).
#boardsize
4 4
#init
#depth
8
#blackgoal
#whitegoal
